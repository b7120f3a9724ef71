print("materun")
